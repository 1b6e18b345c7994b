/**
 * Replies to questions the advisor declines by their nature: promises the firm never makes,
 * its own instructions, a visitor's account, rates the site does not publish, legal advice and
 * other firms' prices. Each says why, adds what the site does say, and offers a person.
 */
import type { Advisor } from './advisor';
import { unitScore, units } from './excerpt';
import type { OutOfScope } from './intents';
import { declineReply, docSource, priceListReply, type AdvisorReply } from './replies';
import { questionWords } from './search';

const LEADS: Record<OutOfScope, string> = {
  instructions:
    "I can't share or change how I work, but I'm happy to answer questions about our services, prices and guides.",
  promise: "We don't make promises the work cannot keep.",
  terms:
    "Our site doesn't publish contract terms such as refunds, cancellations or agreements; a person will answer that for your project.",
  account: "I can't see invoices, payments or accounts from this chat.",
  hourly:
    "We don't publish an hourly rate: each service has a defined scope and a published starting price.",
  legal:
    "I can't give legal advice or say whether something complies with a law. Please ask your lawyer.",
  competitor: 'I can only speak for our own services and prices.',
  task: 'That is outside what I can help with here: I answer questions about our services and guides.',
  product:
    "We don't recommend a product without knowing how your team works, so I'd rather not name one here.",
};

/** "Do you offer X?" when no service covers X: say so, and list what we do offer. */
export function notOfferedReply(advisor: Advisor): AdvisorReply {
  const list = advisor.index.services.map((s) => `- [${s.name}](${s.url})`).join('\n');
  return declineReply(advisor, {
    lead: "That isn't one of our services, so I can't say more about it here.",
    extra: `What we do offer:\n\n${list}`,
  });
}

export function outOfScopeReply(
  advisor: Advisor,
  scope: OutOfScope,
  question: string,
): AdvisorReply {
  if (scope === 'promise') {
    const said = promiseOnSite(advisor, question);
    return declineReply(advisor, {
      lead: LEADS.promise,
      extra: said ? `${said.text} ([${said.title}](${said.url}))` : '',
      sources: said ? [said.source] : [],
    });
  }
  if (scope === 'hourly') {
    const prices = priceListReply(advisor);
    return declineReply(advisor, {
      lead: LEADS.hourly,
      extra: prices.content.split('\n\n').slice(0, 2).join('\n\n'),
      sources: prices.sources,
    });
  }
  return declineReply(advisor, { lead: LEADS[scope] });
}

/** What the site says about promises and guarantees closest to the question, if anything. */
function promiseOnSite(advisor: Advisor, question: string) {
  const words = questionWords(question);
  let best: { text: string; score: number; doc: (typeof advisor.index.docs)[number] } | undefined;
  for (const doc of advisor.index.docs) {
    for (const u of units(doc.text)) {
      if (!/\b(promise|guarantee)/i.test(u.text)) continue;
      const score = unitScore(advisor.search, words, u.text);
      if (!best || score > best.score) best = { text: u.text, score, doc };
    }
  }
  if (!best || best.score === 0) return undefined;
  return {
    text: best.text,
    title: best.doc.title,
    url: best.doc.url,
    source: docSource(best.doc),
  };
}
