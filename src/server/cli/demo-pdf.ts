/**
 * A small valid one-page PDF (US Letter, Helvetica) with a few lines of text,
 * written by hand for the demo data: no dependency, correct xref offsets.
 */
export function simplePdf(lines: readonly string[]): Buffer {
  // PDF string literal: escape \, ( and ); keep printable ASCII only (Helvetica's standard encoding).
  const literal = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
  const content = [
    'BT',
    '/F1 20 Tf',
    '72 720 Td',
    ...lines.flatMap((line, i) => (i === 0 ? [`${literal(line)} Tj`, '/F1 12 Tf'] : ['0 -22 Td', `${literal(line)} Tj`])),
    'ET',
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10 digits, space, 5 digits, space, type, CR LF.
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r\n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
