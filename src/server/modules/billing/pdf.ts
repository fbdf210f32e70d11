/**
 * A statement as a PDF tax invoice (issue 15), made with pdfkit and its built-in Helvetica (no font
 * files to ship). What an Australian tax invoice must show: "Tax invoice", the issuer's name and ABN, the
 * date of issue, what was supplied with its price, the GST, and the buyer's name and ABN.
 */
import PDFDocument from 'pdfkit';
import {
  formatAbn,
  formatDay,
  formatPercent,
  STATEMENT_STATUS_LABELS,
  type StatementDetailDto,
} from '../../../shared/billing.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import type { BankDetails } from './settings.ts';

export interface PdfContext {
  brandName: string;
  appUrl: string;
  bank: BankDetails | null;
  supportEmail: string;
  /** Card payments (Stripe) are on: the invoice says where to pay by card. */
  cardPayments: boolean;
}

const LEFT = 50;
const WIDTH = 495; // A4 is 595 points wide
const COLUMNS = [
  { title: 'Date', x: LEFT, width: 70, align: 'left' },
  { title: 'Trip', x: LEFT + 72, width: 170, align: 'left' },
  { title: 'Fare', x: LEFT + 244, width: 60, align: 'right' },
  { title: 'Fee', x: LEFT + 306, width: 70, align: 'right' },
  { title: 'GST', x: LEFT + 378, width: 50, align: 'right' },
  { title: 'Amount', x: LEFT + 430, width: 65, align: 'right' },
] as const;

export function statementPdf(s: StatementDetailDto, ctx: PdfContext): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: {
      Title: `Tax invoice ${s.number}`,
      Author: s.issuer.name,
      Subject: `${ctx.brandName} platform fees for ${s.periodLabel}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text('Tax invoice', LEFT, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(s.issuer.name, LEFT, 80);
  if (s.issuer.abn) doc.text(`ABN ${formatAbn(s.issuer.abn)}`);
  doc.text(ctx.appUrl);

  const facts: [string, string][] = [
    ['Invoice number', s.number],
    ['Date of issue', formatDay(sydneyToday(new Date(s.issuedAt)))],
    ['Period', s.periodLabel],
    ['Due date', formatDay(s.dueOn)],
    ['Status', STATEMENT_STATUS_LABELS[s.status]],
  ];
  let y = 80;
  for (const [label, value] of facts) {
    doc.font('Helvetica').text(label, 330, y, { width: 90 });
    doc.font('Helvetica-Bold').text(value, 420, y, { width: 125, align: 'right' });
    y += 14;
  }

  doc.font('Helvetica-Bold').fontSize(11).text('Bill to', LEFT, 170);
  doc.font('Helvetica').fontSize(10);
  doc.text(s.recipient.name);
  if (s.recipient.abn) doc.text(`ABN ${formatAbn(s.recipient.abn)}`);
  doc.text(s.recipient.contactName);
  doc.text(s.recipient.email);

  y = 250;
  doc.font('Helvetica-Bold').fontSize(9);
  for (const c of COLUMNS) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
  y += 14;
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke();
  y += 6;
  doc.font('Helvetica').fontSize(9);
  for (const line of s.lines) {
    if (y > 740) {
      doc.addPage();
      y = 50;
    }
    const fee = `${line.kind === 'reversal' ? 'Reversed ' : ''}${formatAud(line.feeCents)} (${formatPercent(line.feeBasisPoints)})`;
    const cells = [
      formatDay(sydneyToday(new Date(line.at))),
      line.trip,
      formatAud(line.fareCents),
      fee,
      formatAud(line.gstCents),
      formatAud(line.feeCents + line.gstCents),
    ];
    const heights = COLUMNS.map((c, i) => doc.heightOfString(cells[i]!, { width: c.width }));
    COLUMNS.forEach((c, i) => {
      doc.text(cells[i]!, c.x, y, { width: c.width, align: c.align });
    });
    y += Math.max(...heights) + 4;
  }
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke();
  y += 8;

  const totals: [string, string][] = [
    ['Platform fees (excluding GST)', formatAud(s.feeCents)],
    ['GST', formatAud(s.gstCents)],
    ['Total (including GST)', formatAud(s.totalCents)],
  ];
  for (const [label, value] of totals) {
    const last = label.startsWith('Total');
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 10);
    doc.text(label, LEFT + 250, y, { width: 170 });
    doc.text(value, LEFT + 420, y, { width: 75, align: 'right' });
    y += 16;
  }

  y += 14;
  doc.font('Helvetica-Bold').fontSize(11).text(payTitle(s), LEFT, y);
  doc.font('Helvetica').fontSize(10);
  for (const line of payLines(s, ctx)) doc.text(line, { width: WIDTH });

  doc.end();
  return done;
}

function payTitle(s: StatementDetailDto): string {
  if (s.status === 'paid') return 'Paid';
  if (s.status === 'void') return 'Void';
  return 'How to pay';
}

function payLines(s: StatementDetailDto, ctx: PdfContext): string[] {
  if (s.status === 'paid')
    return [`Paid in full on ${formatDay(sydneyToday(new Date(s.paidAt!)))}. Thank you.`];
  if (s.status === 'void')
    return [`This statement was voided: ${s.voidReason ?? ''}`, 'Nothing is owed on it.'];
  const lines = [`Please pay ${formatAud(s.totalCents)} by ${formatDay(s.dueOn)}.`];
  if (ctx.bank)
    lines.push(
      `Bank transfer: ${ctx.bank.accountName}, BSB ${ctx.bank.bsb}, account ${ctx.bank.accountNumber}, reference ${s.number}.`,
    );
  else lines.push(`For bank transfer details, write to ${ctx.supportEmail} quoting ${s.number}.`);
  if (ctx.cardPayments) lines.push(`Or pay by card at ${ctx.appUrl}/driver-billing/${s.id}.`);
  return lines;
}
