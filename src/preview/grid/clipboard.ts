/**
 * Cells on the clipboard as Excel puts them there: tab-separated text, rows ending in CRLF, and a cell holding a
 * tab, line break or leading quote written in double quotes (inner quotes doubled).
 */

export function toClipboardText(rows: readonly (readonly string[])[]): string {
  const quote = (text: string) => (/[\t\r\n]/.test(text) || text.startsWith('"') ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => `${row.map(quote).join("\t")}\r\n`).join("");
}

/**
 * Tab-separated text (from Excel, a browser table, a text editor) as rows of cell texts. A final line break
 * does not make an empty last row; ragged rows are kept as they are (missing cells paste as empty).
 */
export function parseClipboardText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  while (i <= text.length) {
    let cell = "";
    if (text[i] === '"') {
      // A quoted cell: runs to the closing quote ("" is a quote), then to the next separator.
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          cell += text.slice(j);
          j = text.length;
          break;
        }
        cell += text.slice(j, q);
        if (text[q + 1] === '"') {
          cell += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      const sep = nextSeparator(text, j);
      cell += text.slice(j, sep);
      i = sep;
    } else {
      const sep = nextSeparator(text, i);
      cell = text.slice(i, sep);
      i = sep;
    }
    row.push(cell);
    if (i >= text.length) {
      endRow();
      break;
    }
    if (text[i] === "\t") i++;
    else {
      i += text.startsWith("\r\n", i) ? 2 : 1;
      endRow();
      if (i >= text.length) break;
    }
  }
  return rows;
}

function nextSeparator(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === "\t" || ch === "\n" || ch === "\r") return k;
  }
  return text.length;
}
