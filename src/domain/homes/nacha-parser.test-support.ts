/**
 * An independent minimal NACHA parser for the tests (positions are 1-based as in the NACHA record layouts), written
 * from the layouts and deliberately sharing no code with nacha.ts (docs/decisions/031-late-fees-and-nacha.md): the
 * writer's unit test and the day-file job's server test read written files back with it.
 */

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);
export function parseNacha(text: string) {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  const header = lines[0]!;
  const batches: { header: string; entries: string[]; control: string }[] = [];
  let control = '';
  let current: { header: string; entries: string[]; control: string } | null = null;
  for (const line of lines.slice(1)) {
    if (line === '9'.repeat(94)) continue;
    if (line[0] === '5') current = { header: line, entries: [], control: '' };
    else if (line[0] === '6') current!.entries.push(line);
    else if (line[0] === '8') {
      current!.control = line;
      batches.push(current!);
      current = null;
    } else if (line[0] === '9') control = line;
  }
  return {
    lines,
    header: {
      priority: field(header, 2, 3),
      destination: field(header, 4, 13),
      origin: field(header, 14, 23),
      recordSize: field(header, 35, 37),
      blocking: field(header, 38, 39),
      format: field(header, 40, 40),
    },
    batches: batches.map((b) => ({
      serviceClass: field(b.header, 2, 4),
      sec: field(b.header, 51, 53),
      effective: field(b.header, 70, 75),
      number: Number(field(b.header, 88, 94)),
      entries: b.entries.map((e) => ({
        code: field(e, 2, 3),
        rdfi: field(e, 4, 11),
        checkDigit: field(e, 12, 12),
        account: field(e, 13, 29).trim(),
        amount: Number(field(e, 30, 39)),
        id: field(e, 40, 54).trim(),
        name: field(e, 55, 76).trim(),
        discretionary: field(e, 77, 78),
        trace: field(e, 80, 94),
      })),
      control: {
        serviceClass: field(b.control, 2, 4),
        count: Number(field(b.control, 5, 10)),
        hash: field(b.control, 11, 20),
        debit: Number(field(b.control, 21, 32)),
        credit: Number(field(b.control, 33, 44)),
        number: Number(field(b.control, 88, 94)),
      },
    })),
    control: {
      batches: Number(field(control, 2, 7)),
      blocks: Number(field(control, 8, 13)),
      count: Number(field(control, 14, 21)),
      hash: field(control, 22, 31),
      debit: Number(field(control, 32, 43)),
      credit: Number(field(control, 44, 55)),
    },
  };
}

/** A bank's return file built by hand (the layouts of src/domain/homes/nacha.ts's reader, written independently). */
export function returnFile(items: { code: string; amount: number; trace: string }[]): string {
  const pad = (text: string, width: number) => text.padEnd(width, ' ').slice(0, width);
  const num = (value: number, width: number) => String(value).padStart(width, '0');
  const lines = [pad('101 1210003581234567890260305' + '0900A094101' + pad('OWNSTEAD HOMES', 23) + pad('FIRST FEDERAL BANK', 23), 94)];
  lines.push(
    '5225' + pad('OWNSTEAD HOMES', 16) + pad('', 20) + '1234567890' + 'PPD' + pad('HOME PMT', 10) + '      ' + '260303' + '   ' + '1' + '02100002' + '0000001',
  );
  let hash = 0;
  let debit = 0;
  items.forEach((item, i) => {
    hash += 1_100_001;
    debit += item.amount;
    lines.push(
      '626' + '011000015' + pad('123456789', 17) + num(item.amount, 10) + pad('HOME-1', 15) + pad('HANA HOME', 22) + '  1' + '02100002' + num(i + 1, 7),
    );
    lines.push('799' + item.code + item.trace + '      ' + '01100001' + pad('', 44) + '02100002' + num(i + 1, 7));
  });
  lines.push(pad('8225' + num(items.length * 2, 6) + num(hash, 10) + num(debit, 12) + num(0, 12) + '1234567890', 79) + '02100002' + '0000001');
  lines.push(pad('9' + num(1, 6) + num(1, 6) + num(items.length * 2, 8) + num(hash, 10) + num(debit, 12) + num(0, 12), 94));
  while (lines.length % 10) lines.push('9'.repeat(94));
  return lines.join('\n') + '\n';
}
