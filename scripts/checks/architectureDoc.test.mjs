import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appRooms } from './rooms/index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The page explains the rules; a room the rules gain and the page does not name is a page gone stale. */
describe('docs/architecture.md', () => {
  for (const { app, rooms } of appRooms) {
    it(`names every room of ${app}`, () => {
      const unnamed = rooms.map((r) => r.room).filter((room) => !page.includes(`\`${room}\``));
      expect(unnamed).toEqual([]);
    });
  }
});
