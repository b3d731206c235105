import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The legal pages the welcome page links (public/), as a browser reads them. */
function page(name: string): Document {
  // The tests run from the repository's root (import.meta.url is a served path under jsdom).
  const html = readFileSync(join(process.cwd(), 'apps/web/public', name), 'utf8');
  return new DOMParser().parseFromString(html, 'text/html');
}
const paragraphs = (doc: Document) =>
  [...doc.querySelectorAll('p')].map((p) => p.textContent?.replace(/\s+/g, ' ').trim() ?? '');

describe('Terms of Use', () => {
  const terms = page('terms.html');
  const text = terms.body.textContent?.replace(/\s+/g, ' ') ?? '';

  it('are terms of their own, not a copy of the Privacy Policy', () => {
    expect(terms.querySelector('h1')?.textContent).toBe('Terms of Use');
    const privacy = new Set(paragraphs(page('privacy.html')));
    // Beyond the link back to the app, no paragraph is shared.
    expect(paragraphs(terms).filter((p) => privacy.has(p))).toEqual(['← Fluxion Analytics']);
    expect(terms.querySelector('a[href="/privacy.html"]')).not.toBeNull();
  });

  it('cover what a user agrees to: the account, tracking, trial and subscription, use, liability, ending', () => {
    const sections = [...terms.querySelectorAll('h2')].map((h) => h.textContent);
    for (const section of ['account', 'Tracking', 'subscription', 'Acceptable use', 'Liability', 'Ending'])
      expect(sections.join(' | ')).toContain(section);
    // What the welcome page promises and what deleting a project does (docs/api.md) are stated as they are.
    expect(text).toContain('30-day free trial with no credit card required');
    expect(text).toMatch(/no one else tracks that board, its recorded history is deleted/);
    expect(text).toMatch(/cancellation takes effect at the end of the period/i);
  });
});

describe('Privacy Policy', () => {
  const privacy = page('privacy.html');
  const text = privacy.body.textContent?.replace(/\s+/g, ' ') ?? '';

  it('says what Fluxion stores, for how long, how to delete it and whom to contact', () => {
    const sections = [...privacy.querySelectorAll('h2')].map((h) => h.textContent).join(' | ');
    for (const section of ['What Fluxion stores', 'For how long', 'delete', 'Contact'])
      expect(sections).toContain(section);
    for (const stored of [
      'Moves',
      'Imported history',
      'E-mail addresses',
      'Slack webhooks',
      'assignees',
      'estimates',
    ])
      expect(text).toContain(stored);
    expect(text).toContain('Download my data');
    expect(text).toContain('Delete my account');
    // The server puts its operator's contact there (PRIVACY_CONTACT; apps/server/src/static/spa.ts).
    expect(privacy.querySelector('a[href="mailto:{{PRIVACY_CONTACT}}"]')?.textContent).toBe(
      '{{PRIVACY_CONTACT}}',
    );
  });

  it('does not say moves are recorded only from the moment a board is added: the history import brings earlier ones', () => {
    expect(text).not.toMatch(/recorded only for the projects you add, from the moment you add them/);
    expect(text).toContain('GitHub timelines still show are imported once');
  });
});
