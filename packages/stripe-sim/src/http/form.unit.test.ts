import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe('parseForm (Stripe form encoding)', () => {
  it.each([
    ['mode=subscription', { mode: 'subscription' }],
    ['metadata[user_id]=u1&metadata[plan]=pro', { metadata: { user_id: 'u1', plan: 'pro' } }],
    ['line_items[0][price]=p&line_items[0][quantity]=1', { line_items: [{ price: 'p', quantity: '1' }] }],
    ['expand[]=a&expand[]=b', { expand: ['a', 'b'] }],
    ['subscription_data[metadata][k]=v%20w', { subscription_data: { metadata: { k: 'v w' } } }],
    ['', {}],
    ['description=a+b%2Bc', { description: 'a b+c' }],
    ['__proto__[admin]=1&constructor[prototype][admin]=1', {}],
  ])('%s', (body, expected) => {
    expect(parseForm(body)).toEqual(expected);
  });
});
