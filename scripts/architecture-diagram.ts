/**
 * Prints ARCHITECTURE.md's folder diagram, drawn from the allowed folder edges
 * (apps/server/src/testing/folder-edges.ts); `--write` replaces the diagram in ARCHITECTURE.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { folderDiagram } from '../apps/server/src/testing/folder-edges.ts';

const DIAGRAM = /```mermaid\ngraph BT\n[\s\S]*?```/;
const diagram = folderDiagram();

if (process.argv.includes('--write')) {
  const path = new URL('../ARCHITECTURE.md', import.meta.url);
  const text = readFileSync(path, 'utf8');
  if (!DIAGRAM.test(text)) throw new Error('ARCHITECTURE.md has no ```mermaid graph BT block to replace');
  writeFileSync(path, text.replace(DIAGRAM, diagram));
} else {
  console.log(diagram);
}
