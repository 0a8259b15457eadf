/**
 * The floors of each root (../shared/design/LAYERS.md, the repository's ARCHITECTURE.md), and the
 * check that holds the imports to them: a file may import its own room, a room on a lower floor,
 * and `shared/`; rooms on one floor import each other only along the declared feature DAG; some
 * files may be imported only by the files named for them.
 */
import { fileCircles, type ImportEdge } from './importGraph.js';

export interface RootLayers {
  /** Floors from the top down; each holds rooms: a folder ('routes/') or a file of the root ('app.ts'). */
  floors: string[][];
  /** Rooms of one floor that may import another room of that floor. */
  sideways?: Record<string, string[]>;
  /** Files that only the listed rooms may import ([] means nobody). */
  importedOnlyBy?: Record<string, string[]>;
}

/** The room a file stands in: the longest room that names it or a folder above it. */
export function roomOf(layers: RootLayers, file: string): string | null {
  let best: string | null = null;
  for (const room of layers.floors.flat()) {
    const holds = room.endsWith('/') ? file.startsWith(room) : file === room;
    if (holds && (best === null || room.length > best.length)) best = room;
  }
  return best;
}

function floorOf(layers: RootLayers, room: string): number {
  return layers.floors.findIndex((floor) => floor.includes(room));
}

/** Each file that stands in no room and each import that breaks the floors, as a line naming file, line and rule. */
export function layerViolations(root: string, layers: RootLayers, files: string[], edges: ImportEdge[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (roomOf(layers, file) === null)
      found.push(`${root}/${file} stands on no floor (add its folder to the layer list)`);
  }
  for (const { from, to, line, specifier } of edges) {
    const where = `${root}/${from}:${line} imports '${specifier}'`;
    const only = layers.importedOnlyBy?.[to];
    const fromRoom = roomOf(layers, from);
    if (only && !only.some((room) => room === fromRoom)) {
      found.push(`${where} (${root}/${to} may be imported only by ${only.length ? only.join(', ') : 'nobody'})`);
    }
    const toRoom = roomOf(layers, to);
    if (fromRoom === null || toRoom === null || fromRoom === toRoom) continue;
    const [fromFloor, toFloor] = [floorOf(layers, fromRoom), floorOf(layers, toRoom)];
    if (toFloor < fromFloor) found.push(`${where} (runs up: ${fromRoom} stands below ${toRoom})`);
    if (toFloor === fromFloor && !layers.sideways?.[fromRoom]?.includes(toRoom)) {
      found.push(`${where} (sideways: ${fromRoom} → ${toRoom} is not in the declared DAG)`);
    }
  }
  return found;
}

/** Each circle of files importing each other round, as one line. */
export function circleViolations(root: string, edges: ImportEdge[]): string[] {
  return fileCircles(edges).map((group) => `circle of ${group.length} in ${root}/: ${group.join(' → ')}`);
}
