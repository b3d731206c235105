import { Flash } from '@primer/react';
import { messageTone } from '../lib/text.ts';

/** Green if the text contains 'success' or 'updated', else red. */
export function StatusMessage({ text }: { text: string | null }) {
  if (!text) return null;
  const tone = messageTone(text);
  return (
    <Flash variant={tone} role="status" data-tone={tone} style={{ marginBottom: 'var(--base-size-16)' }}>
      {text}
    </Flash>
  );
}
