/**
 * "What prospects ask": the last 30 days of questions grouped by topic, for the admins who
 * write the next articles. A question the advisor answered belongs to the section its answer
 * cited first; one it declined (or answered without a section) to the word it shares with the
 * most other such questions, so "certificate of insurance?" and "proof of insurance?" meet.
 * Topics with declines and "not helpful" ratings come first.
 */
import { csvFile } from '../../lib/csv';
import type { Rating } from './contract';

/** One recorded question as the admin's session reads it. */
export interface AskedQuestion {
  id: string;
  askedAt: string;
  question: string;
  reply: string;
  sections: string[];
  confidence: number;
  declined: boolean;
  handedOff: boolean;
  rating: Rating | null;
  comment: string | null;
  coveredAt: string | null;
}

/** A group of questions about one thing. */
export interface Topic {
  key: string;
  /** The section the answers cited, or the shared word in quotes. */
  label: string;
  /** The cited section's address, when there is one. */
  section: string | null;
  questions: AskedQuestion[];
  declined: number;
  notHelpful: number;
  helpful: number;
  /** Every question of the topic is marked covered by new content. */
  covered: boolean;
}

/** The columns the panel reads. */
export const QUESTION_COLUMNS =
  'id,created_at,question,reply,sections,confidence,declined,handed_off,rating,comment,covered_at';

/** How far back the panel looks. */
export const INSIGHT_DAYS = 30;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const optional = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** Reads the rows of `advisor_questions`; rows that do not fit are left out. */
export function parseQuestions(rows: unknown): AskedQuestion[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((r: Record<string, unknown> | null) => {
    if (typeof r?.id !== 'string' || typeof r.question !== 'string') return [];
    const rating = r.rating === 'helpful' || r.rating === 'not_helpful' ? r.rating : null;
    return [
      {
        id: r.id,
        askedAt: text(r.created_at),
        question: r.question,
        reply: text(r.reply),
        sections: Array.isArray(r.sections) ? r.sections.filter((s) => typeof s === 'string') : [],
        confidence: typeof r.confidence === 'number' ? r.confidence : 0,
        declined: r.declined === true,
        handedOff: r.handed_off === true,
        rating,
        comment: optional(r.comment),
        coveredAt: optional(r.covered_at),
      },
    ];
  });
}

/** Words too common to name a topic. */
const COMMON = new Set(
  (
    'about after also any are because been before being best between both but can cost costs ' +
    'could did does doing done each even every from get give going good have help here how into ' +
    'just know like long make many more most much need needs only other our ours over per please ' +
    'really same should some still such than that the their them then there these they thing this ' +
    'those through too under very want was way were what when where which while who why will with ' +
    'work would you your yours business company website site firm services service'
  ).split(' '),
);

/** The words of a question that could name its topic. */
function topicWords(question: string): string[] {
  const words = question.toLowerCase().match(/\p{L}[\p{L}'-]{3,}/gu) ?? [];
  return [...new Set(words.map((w) => w.replace(/'s$/, '')).filter((w) => !COMMON.has(w)))];
}

/** A section address as a heading: "/services/seo#investment-heading" -> "seo: investment". */
function sectionLabel(section: string): string {
  const [path = '', anchor] = section.split('#');
  const page = path.split('/').filter(Boolean).pop() ?? 'home';
  const part = anchor
    ?.replace(/^faq-/, 'FAQ: ')
    .replace(/-heading$/, '')
    .replaceAll('-', ' ');
  return part ? `${page.replaceAll('-', ' ')}: ${part}` : page.replaceAll('-', ' ');
}

/** Groups `questions` into topics, those most in need of content first. */
export function groupByTopic(questions: readonly AskedQuestion[]): Topic[] {
  const unplaced = questions.filter((q) => q.declined || q.sections.length === 0);
  const shared = new Map<string, number>();
  for (const q of unplaced)
    for (const w of topicWords(q.question)) shared.set(w, (shared.get(w) ?? 0) + 1);

  const topics = new Map<string, Topic>();
  for (const q of questions) {
    let key: string;
    let label: string;
    let section: string | null = null;
    if (!q.declined && q.sections[0]) {
      section = q.sections[0];
      key = `section:${section}`;
      label = sectionLabel(section);
    } else {
      const words = topicWords(q.question);
      const word = words.sort(
        (a, b) => (shared.get(b) ?? 0) - (shared.get(a) ?? 0) || a.localeCompare(b),
      )[0];
      key = word ? `word:${word}` : `question:${q.id}`;
      label = word ? `“${word}”` : q.question;
    }
    const topic = topics.get(key) ?? {
      key,
      label,
      section,
      questions: [],
      declined: 0,
      notHelpful: 0,
      helpful: 0,
      covered: true,
    };
    topic.questions.push(q);
    if (q.declined) topic.declined++;
    if (q.rating === 'not_helpful') topic.notHelpful++;
    if (q.rating === 'helpful') topic.helpful++;
    if (!q.coveredAt) topic.covered = false;
    topics.set(key, topic);
  }
  const need = (t: Topic) => t.declined + t.notHelpful;
  return [...topics.values()].sort(
    (a, b) =>
      Number(a.covered) - Number(b.covered) ||
      need(b) - need(a) ||
      b.questions.length - a.questions.length ||
      a.label.localeCompare(b.label),
  );
}

/** Topics whose questions, replies or comments contain `term` (case-insensitive). */
export function searchTopics(topics: readonly Topic[], term: string): Topic[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...topics];
  return topics.filter(
    (t) =>
      t.label.toLowerCase().includes(needle) ||
      t.questions.some((q) =>
        [q.question, q.reply, q.comment ?? ''].some((s) => s.toLowerCase().includes(needle)),
      ),
  );
}

const COLUMNS: [string, (row: { topic: Topic; q: AskedQuestion }) => string | number | null][] = [
  ['Asked at', ({ q }) => q.askedAt],
  ['Topic', ({ topic }) => topic.label],
  ['Question', ({ q }) => q.question],
  ['Reply', ({ q }) => q.reply],
  ['Sections', ({ q }) => q.sections.join(' ')],
  ['Confidence', ({ q }) => q.confidence.toFixed(2)],
  ['Declined', ({ q }) => (q.declined ? 'yes' : 'no')],
  ['Offered a person', ({ q }) => (q.handedOff ? 'yes' : 'no')],
  ['Rating', ({ q }) => q.rating],
  ['Comment', ({ q }) => q.comment],
  ['Covered', ({ q }) => q.coveredAt],
];

/** The CSV of the questions of `topics`, one row per question. */
export function questionsCsv(topics: readonly Topic[]): string {
  return csvFile(
    COLUMNS,
    topics.flatMap((topic) => topic.questions.map((q) => ({ topic, q }))),
  );
}
