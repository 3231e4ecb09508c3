/** JSZip's chunked reader (present in the library, missing from its typings). */
interface ChunkStream {
  on(event: 'data', listener: (chunk: string) => void): ChunkStream;
  on(event: 'end', listener: () => void): ChunkStream;
  on(event: 'error', listener: (error: Error) => void): ChunkStream;
  pause(): ChunkStream;
  resume(): ChunkStream;
}

/**
 * Whether the first worksheet of an .xlsx holds at most `limit` rows, found without building the
 * workbook: the sheet's XML is read as a stream and its <row> elements counted, stopping as soon
 * as there are too many. Loading a 100,000-row sheet whole took seconds and about 1 GB in the tab
 * before its rows could even be counted.
 */
export async function sheetRowsAtMost(data: ArrayBuffer, limit: number): Promise<boolean> {
  const { default: JSZip } = await import('jszip');
  let zip: Awaited<ReturnType<typeof JSZip.loadAsync>>;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    return true; // not a zip: the workbook reader says what is wrong with it
  }
  const sheets = Object.keys(zip.files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  const first = sheets[0] ? zip.file(sheets[0]) : null;
  if (!first) return true;
  return new Promise((resolve, reject) => {
    let rows = 0;
    // The last characters of a chunk, in case a "<row" is cut between two chunks.
    let carry = '';
    const stream = (first as unknown as { internalStream(type: 'string'): ChunkStream }).internalStream('string');
    stream
      .on('data', (chunk: string) => {
        const text = carry + chunk;
        for (let at = text.indexOf('<row'); at !== -1; at = text.indexOf('<row', at + 4)) {
          const next = text[at + 4];
          if (next === ' ' || next === '>' || next === '/') rows += 1;
          else if (next === undefined) break; // decided with the next chunk
        }
        // A "<row" starting in the last four characters was not counted yet (its next character
        // is still to come); one that ended earlier was, and cannot start there.
        carry = text.slice(-4);
        if (rows > limit) {
          stream.pause();
          resolve(false);
        }
      })
      .on('end', () => resolve(rows <= limit))
      .on('error', reject)
      .resume();
  });
}

/**
 * The rows a sheet may have before it is even loaded, for `items` importable entries: a header,
 * and room for rows a spreadsheet keeps without content (formatted, emptied). The exact count of
 * entries is checked after loading.
 */
export function precheckRows(items: number): number {
  return items * 2 + 100;
}
