/**
 * How a statement reads a table, from its plan (EXPLAIN ANALYZE with its values bound: the plan PostgreSQL
 * makes for a call): for the tests that a hot statement reads by an index, whatever the table holds
 * (issue 34: queue-marks, driver-card-counts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { rows } from './helpers.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/**
 * How the statement reads `table`: the index of each read (a bitmap heap scan's from its bitmap index
 * scans; "none" for a sequential scan), and the pages the whole statement read.
 */
export async function planOf(db: Db, statement: SQL, table: string) {
  const [row] = await rows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (analyze, buffers, format json) ${statement}`,
  );
  const raw = row!['QUERY PLAN'];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const indexesUnder = (node: PlanNode): string[] =>
    node['Index Name'] ? [node['Index Name']] : (node.Plans ?? []).flatMap(indexesUnder);
  const reads: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable') {
      const indexes = indexesUnder(node);
      reads.push(indexes.length ? indexes.join('+') : 'none');
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top!.Plan);
  const pages = (top!.Plan['Shared Hit Blocks'] ?? 0) + (top!.Plan['Shared Read Blocks'] ?? 0);
  // What the assertions print when they fail: the reads of the table and the pages, not the whole plan.
  return { reads, pages, plan: `${reads.join('; ')} (${pages} pages in all)` };
}
