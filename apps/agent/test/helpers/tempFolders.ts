import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Temporary folders of one test file, named `facet-<area>-<label>-…`, all removed by `removeAll`
 * (afterEach).
 */
export class TempFolders {
  private readonly made: string[] = [];

  constructor(private readonly area: string) {}

  make(label?: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `facet-${this.area}-${label ? `${label}-` : ''}`));
    this.made.push(dir);
    return dir;
  }

  removeAll(): void {
    for (const dir of this.made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
