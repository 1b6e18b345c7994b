import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LEAD_ID_NAMESPACE, leadDigest, leadIdFor, uuidV5 } from '../../src/features/leads/lead-id';
import {
  fromLeadRow,
  leadFingerprint,
  toLeadRow,
  type ChatLead,
  type QuestionnaireLead,
} from '../../src/features/leads/lead';
import {
  formatLead,
  leadEmailSubject,
  notificationKey,
} from '../../src/features/leads/notification';
import { questionnaireAnswersSchema } from '../../src/features/leads/contract';
import { chatLeadRequestSchema } from '../../src/features/advisor/handoff-contract';

const questionnaire: QuestionnaireLead = {
  kind: 'questionnaire',
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: 'Acme',
  currentChallenge: 'Website traffic and visibility',
  budget: 'Under $500/month',
  timeline: 'Within 30 days',
  priorities: 'More calls.',
  additionalInfo: '',
  source: 'seo',
};

const chat: ChatLead = {
  kind: 'chat',
  email: 'pat@example.org',
  name: null,
  transcript: [{ role: 'user', content: 'Call me' }],
  source: null,
};

describe('lead ids', () => {
  it('computes RFC 9562 version 5 UUIDs', async () => {
    // The example of Python's uuid documentation: uuid5(NAMESPACE_DNS, 'python.org').
    expect(await uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('derives the same id from the same key and content, and a random one without a key', async () => {
    const digest = await leadDigest(questionnaire);
    const a = await leadIdFor('key-1', digest);
    expect(a).toBe(await leadIdFor('key-1', digest));
    expect(a).toBe(await uuidV5(`key-1\n${digest}`, LEAD_ID_NAMESPACE));
    expect(a).not.toBe(await leadIdFor('key-2', digest));
    // The same key with other content names another lead: never this one's id.
    expect(a).not.toBe(await leadIdFor('key-1', await leadDigest({ ...questionnaire, name: 'X' })));
    const random = await leadIdFor(undefined, digest);
    expect(random).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(random).not.toBe(await leadIdFor(undefined, digest));
  });

  it('digests what a lead says, and nothing else', async () => {
    const digest = await leadDigest(questionnaire);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await leadDigest({ ...questionnaire })).toBe(digest);
    expect(await leadDigest({ ...questionnaire, priorities: 'More calls!' })).not.toBe(digest);
    expect(await leadDigest(chat)).not.toBe(digest);
    // A stored row reads back as the same lead, so it has the same digest.
    expect(await leadDigest(fromLeadRow(toLeadRow(chat, 'id-2', 'k', digest)))).toBe(
      await leadDigest(chat),
    );
  });

  it('names the lead and its content digest in the email’s idempotency key', async () => {
    const digest = await leadDigest(chat);
    expect(notificationKey('id-2', digest)).toBe(`lead-id-2-${digest}`);
  });
});

describe('the leads table mapping', () => {
  it('round-trips both kinds through a row', () => {
    for (const lead of [questionnaire, chat]) {
      const row = toLeadRow(lead, 'id-1', 'key-1', 'd'.repeat(64));
      expect(row).toMatchObject({
        id: 'id-1',
        idempotency_key: 'key-1',
        content_digest: 'd'.repeat(64),
        kind: lead.kind,
      });
      expect(fromLeadRow(row)).toEqual(lead);
    }
  });

  it('refuses a row that lacks what its kind needs', () => {
    const row = { ...toLeadRow(questionnaire, 'id-1', undefined, undefined), company: null };
    expect(() => fromLeadRow(row)).toThrow(/does not have the columns/);
    const chatRow = { ...toLeadRow(chat, 'id-2', undefined, undefined), transcript: null };
    expect(() => fromLeadRow(chatRow)).toThrow(/does not have the columns/);
  });

  it('tells two submissions apart by what they say, not by id or key', () => {
    expect(leadFingerprint(questionnaire)).toBe(leadFingerprint({ ...questionnaire }));
    expect(leadFingerprint(questionnaire)).not.toBe(
      leadFingerprint({ ...questionnaire, company: 'Other' }),
    );
  });
});

describe('the notification email', () => {
  it('depends on the lead and its id only, never on the time', () => {
    const text = formatLead(questionnaire, 'id-1');
    expect(text).toBe(formatLead({ ...questionnaire }, 'id-1'));
    expect(text).not.toMatch(/Received|UTC|20\d\d-/);
    expect(text).toContain('Lead id: id-1');
    expect(text).toContain('Came from: seo');
    expect(formatLead({ ...questionnaire, source: null }, 'x')).toContain(
      'Came from: direct visit',
    );
  });

  it('names the lead in the subject', () => {
    expect(leadEmailSubject(questionnaire)).toBe('New consultation request: Jane Doe, Acme');
    expect(leadEmailSubject(chat)).toBe('Chat hand-off: pat@example.org');
    expect(leadEmailSubject({ ...chat, name: 'Pat' })).toBe('Chat hand-off: Pat');
  });

  it('says when a chat lead gave no name or page', () => {
    const text = formatLead(chat, 'id-2');
    expect(text).toContain('Name: not given');
    expect(text).toContain('Chat opened on: page not given');
    expect(text).toContain(
      "Conversation (1 message; each message's text is quoted under its heading):",
    );
    expect(text).toContain('Reply to this email to answer pat@example.org directly.');
  });
});

describe('the chat hand-off contract', () => {
  it('judges email addresses exactly as the questionnaire does', () => {
    const email = questionnaireAnswersSchema.shape.email;
    for (const address of [
      'jane@example.com',
      '  jane@example.com  ',
      'jane.doe+leads@sub.example.co.uk',
      'jane@',
      '@example.com',
      'jane@example',
      'jane example@example.com',
      '',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const questionnaireSays = email.safeParse(address);
      const chatSays = z.safeParse(chatLeadRequestSchema.shape.email, address);
      expect(chatSays.success, address).toBe(questionnaireSays.success);
      if (!questionnaireSays.success && !chatSays.success) {
        expect(chatSays.error.issues[0].message, address).toBe(
          questionnaireSays.error.issues[0].message,
        );
      } else {
        expect(chatSays.data, address).toBe(questionnaireSays.data);
      }
    }
  });
});
