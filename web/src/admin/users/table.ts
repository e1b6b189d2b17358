// Reading a user table pasted as text (CSV or tab separated) or uploaded as CSV / XLSX.
import { strFromU8, unzipSync } from 'fflate';

/** Splits one CSV/TSV line, honouring double quotes ("a,b" and "" inside quotes). */
function splitLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur === '') quoted = true;
    else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/** Rows of a pasted table: tab separated when the text has tabs, else comma separated; blank lines dropped. */
export function parseTableText(text: string): string[][] {
  const sep = text.includes('\t') ? '\t' : ',';
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => splitLine(l, sep));
}

/** A header row (username,password,...) is not a user. */
export function dropHeader(rows: string[][]): string[][] {
  const first = rows[0]?.[0]?.toLowerCase() ?? '';
  return first === 'username' || first === '用户名' ? rows.slice(1) : rows;
}

const colIndex = (ref: string) => {
  const letters = ref.replace(/\d+/g, '');
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

/** Rows of the first sheet of an .xlsx file (shared and inline strings, numbers as text). */
export function parseXlsx(bytes: Uint8Array): string[][] {
  const files = unzipSync(bytes);
  const xml = (name: string) => (files[name] ? strFromU8(files[name]!) : '');
  const parser = new DOMParser();
  const shared = [
    ...parser
      .parseFromString(xml('xl/sharedStrings.xml') || '<sst/>', 'application/xml')
      .getElementsByTagName('si'),
  ].map((si) => [...si.getElementsByTagName('t')].map((t) => t.textContent ?? '').join(''));
  const sheetName = Object.keys(files).find((n) => /^xl\/worksheets\/sheet\d*\.xml$/.test(n));
  if (!sheetName) return [];
  const doc = parser.parseFromString(xml(sheetName), 'application/xml');
  const rows: string[][] = [];
  for (const row of doc.getElementsByTagName('row')) {
    const cells: string[] = [];
    for (const c of row.getElementsByTagName('c')) {
      const ref = c.getAttribute('r');
      const at = ref ? colIndex(ref) : cells.length;
      const type = c.getAttribute('t');
      const v = c.getElementsByTagName('v')[0]?.textContent ?? '';
      let value = v;
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr')
        value = [...c.getElementsByTagName('t')].map((t) => t.textContent ?? '').join('');
      while (cells.length < at) cells.push('');
      cells[at] = value.trim();
    }
    if (cells.some((x) => x !== '')) rows.push(cells);
  }
  return rows;
}

/** Splits rows into chunks for progress reporting. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
