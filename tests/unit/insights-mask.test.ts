import { describe, expect, it } from 'vitest';
import { keepable, maskContactDetails } from '../../src/features/insights/mask';

describe('what is kept of a question', () => {
  it.each([
    ['write me at jo.smith+leads@acme-co.com please', 'write me at [email] please'],
    ['email JO@Example.ORG or call', 'email [email] or call'],
    ['call (616) 555-0134 after 5', 'call [phone] after 5'],
    ['my cell is 616.555.0134', 'my cell is [phone]'],
    ['text 6165550134', 'text [phone]'],
    ['+1 616 555 0134 works', '[phone] works'],
    ['our London office: +44 20 7946 0958', 'our London office: [phone]'],
    ['reach jane(at)acme.com', 'reach [email]'],
    ['reach jane (AT) acme (dot) com today', 'reach [email] today'],
    ['reach jane @ acme.com today', 'reach [email] today'],
    ['reach jane [at] acme [dot] com', 'reach [email]'],
    ['reach jane{at}acme{dot}co{dot}uk', 'reach [email]'],
    ['reach jane＠acme．com', 'reach [email]'],
    ['London: 020 7946 0958', 'London: [phone]'],
    ['Paris: 06 12 34 56 78.', 'Paris: [phone].'],
    ['Berlin: 030 12345678', 'Berlin: [phone]'],
    ['call (555) 123-4567', 'call [phone]'],
    ['call ６１６-５５５-０１３４', 'call [phone]'],
    ['call （６１６） ５５５ ０１３４', 'call [phone]'],
    ['London: ０２０ ７９４６ ０９５８', 'London: [phone]'],
  ])('masks contact details: %s', (text, kept) => {
    expect(maskContactDetails(text)).toBe(kept);
  });

  it.each([
    'is the workshop $750 or $2,000-6,000?',
    'we have 3-5 processes and 20-30% margins',
    'we launched on 2025-08-31 and have 12 people',
    'our audit went from 71 to 64',
    'order 1234567 is late',
    'invoice 0012345 and room 042',
    'we meet at acme. Then we talk',
    'we went from 08-31 to 09-15',
  ])('keeps figures that are not contact details: %s', (text) => {
    expect(maskContactDetails(text)).toBe(text);
  });

  it('keeps at most 500 characters, after masking', () => {
    const kept = keepable(`${'a'.repeat(600)} me@example.com`);
    expect(kept).toHaveLength(500);
    expect(kept.endsWith('…')).toBe(true);
    expect(keepable('  mail me: me@example.com  ')).toBe('mail me: [email]');
  });
});
