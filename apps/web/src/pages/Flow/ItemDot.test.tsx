import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { scatterPoints } from '../../lib/flowChartData.ts';
import { ItemDot } from './ItemDot.tsx';

const inSvg = (dot: React.ReactNode) => render(<svg aria-label="chart">{dot}</svg>);

describe('ItemDot', () => {
  afterEach(cleanup);

  it("is a link to the item on GitHub, named after it, opening a new tab: the keyboard's Tab reaches it", () => {
    const url = 'https://github.com/acme/web/issues/12';
    inSvg(<ItemDot cx={10} cy={20} fill="#0969da" payload={{ url, number: 12, title: 'Checkout fails' }} />);
    const link = screen.getByRole('link', { name: '#12 Checkout fails: open on GitHub' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.querySelector('circle')?.getAttribute('fill')).toBe('#0969da');
  });

  it('draws an estimated history hollow, in the colour a recorded one is filled with', () => {
    const payload = { url: null, number: 3, title: 'Reconstructed' };
    const { container } = inSvg(
      <>
        <ItemDot cx={1} cy={2} fill="#0969da" payload={{ ...payload, estimated: true }} />
        <ItemDot cx={3} cy={4} fill="#0969da" payload={payload} />
      </>,
    );
    const [estimated, recorded] = [...container.querySelectorAll('circle')];
    expect([estimated?.getAttribute('fill'), estimated?.getAttribute('stroke')]).toEqual(['none', '#0969da']);
    expect(recorded?.getAttribute('fill')).toBe('#0969da');
  });

  it('in the app, opens the item’s page in Fluxion, not GitHub (a private item stays a dot)', () => {
    const url = 'https://github.com/acme/web/issues/12';
    render(
      <MemoryRouter>
        <svg aria-label="chart">
          <ItemDot
            cx={1}
            cy={2}
            projectId="PVT 1"
            payload={{ id: 'I1', url, number: 12, title: 'Checkout' }}
          />
          <ItemDot
            cx={1}
            cy={2}
            projectId="PVT 1"
            payload={{ id: 'I2', url: null, number: null, title: 'Private item' }}
          />
        </svg>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Open #12 Checkout in Fluxion' });
    expect(link.getAttribute('href')).toBe('/item?project=PVT+1&item=I1');
    expect(link.getAttribute('target')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('is only a dot for an item without URL (a draft, or one the viewer may not read)', () => {
    const { container } = inSvg(
      <ItemDot cx={10} cy={20} payload={{ url: null, number: null, title: 'Private item' }} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelectorAll('circle')).toHaveLength(1);
  });

  it("gets each scatter point's URL from the Flow answer", () => {
    const point = {
      id: 'I1',
      number: 12,
      title: 'Checkout fails',
      url: 'https://github.com/acme/web/issues/12',
      completed_at: '2026-11-20T10:00:00Z',
      date: '2026-11-20',
      cycle_time_days: 3,
    };
    const [first] = scatterPoints({ cycle_time: { points: [point] } } as never);
    expect(first?.url).toBe(point.url);
  });
});
