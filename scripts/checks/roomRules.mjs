import fs from 'node:fs';
import path from 'node:path';
import { importLines } from './importLines.mjs';
import { sourceFiles } from './sourceFiles.mjs';

/**
 * Rooms inside one app, the way Chromium and Playwright keep a DEPS list per folder: each room
 * names the rooms it may import from, and nothing else of its app. A room is a file or folder
 * below the app's `src` (`routes`, `main.ts`), or `features/*` for every folder there, each its
 * own room; a room with an `entry` is reached from outside only through that file (its public
 * face). `never` names rooms or packages a room may not import even where `may` would let it
 * (services stand above db/ yet reach data only through repositories). The files in
 * scripts/checks/rooms/ are the rules; docs/architecture.md explains them.
 *
 * @typedef {{ room: string, may: string[], entry?: string, never?: string[], why?: string }} Room
 * @typedef {{ app: string, rooms: Room[] }} AppRooms
 */

/** The room a path below src stands in: the longest rule that holds it (`features/*` names one folder). */
export function roomOf(rooms, relative) {
  const parts = relative.split('/');
  let best = null;
  for (const rule of rooms) {
    const pattern = rule.room.split('/');
    if (pattern.length > parts.length) continue;
    const name = pattern.map((p, i) => (p === '*' ? parts[i] : p)).join('/');
    const matches = pattern.every((p, i) => p === '*' || p === parts[i]);
    if (matches && (!best || pattern.length > best.depth)) best = { rule, name, depth: pattern.length };
  }
  return best;
}

function allowed(rule, target) {
  if ((rule.never ?? []).some((n) => n === target.name || n === target.rule.room)) return false;
  return rule.may.some((m) => m === '*' || m === target.name || m === target.rule.room);
}

/** The package a bare specifier names: `kysely/helpers` → `kysely`, `@scope/pkg/x` → `@scope/pkg`. */
function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every import between rooms that the rules do not allow, as `file:line: …` lines. */
export function checkRooms(root, appRooms) {
  const problems = [];
  for (const { app, rooms } of appRooms) {
    const src = path.join(root, app);
    for (const file of sourceFiles(src)) {
      const relative = path.relative(src, file).split(path.sep).join('/');
      const own = roomOf(rooms, relative);
      const where = path.relative(root, file);
      if (!own) {
        problems.push(`${where}: stands in no room of scripts/checks/rooms/ (add it to a room, or a room for it)`);
        continue;
      }
      for (const { spec, line } of importLines(fs.readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) {
          if ((own.rule.never ?? []).includes(packageOf(spec))) problems.push(`${where}:${line}: imports ${spec} (${own.name} never uses ${packageOf(spec)})`);
          continue;
        }
        const targetPath = path.resolve(path.dirname(file), spec);
        if (!targetPath.startsWith(src + path.sep)) continue;
        const targetRelative = path.relative(src, targetPath).split(path.sep).join('/');
        const target = roomOf(rooms, targetRelative);
        if (!target || target.name === own.name) continue;
        if (!allowed(own.rule, target)) {
          const never = (own.rule.never ?? []).includes(target.rule.room) ? `; never ${target.rule.room}` : '';
          problems.push(`${where}:${line}: imports ${spec} from ${target.name}/ (${own.name} may use ${own.rule.may.join(', ') || 'no other room'}${never})`);
        } else if (target.rule.entry && targetRelative !== `${target.name}/${target.rule.entry}`) {
          problems.push(`${where}:${line}: imports ${spec}, inside ${target.name}/ (reach it through ${target.name}/${target.rule.entry})`);
        }
      }
    }
  }
  return problems;
}
