/**
 * An E.164 number as Australians write it, with its tel: link: '+61412345678' reads '0412 345 678',
 * '+61249812345' reads '(02) 4981 2345'. Anything else is shown as stored. (A few lines instead of a
 * phone library's metadata in this page's bundle: the app stores Australian numbers in E.164.)
 */
export function phoneDisplay(phone: string): { text: string; href: string } {
  const compact = phone.replace(/[^\d+]/g, '');
  const href = `tel:${compact.replace(/^0(\d{9})$/, '+61$1')}`;
  // E.164 ('+61412345678'), or a national number typed before numbers were stored in E.164 ('0412345678').
  const au = /^(?:\+61|0)(\d{9})$/.exec(compact);
  if (!au) return { text: phone, href };
  const n = `0${au[1]}`;
  if (n.startsWith('04') || n.startsWith('05')) {
    return { text: `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`, href };
  }
  return { text: `(${n.slice(0, 2)}) ${n.slice(2, 6)} ${n.slice(6)}`, href };
}
