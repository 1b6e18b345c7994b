/**
 * "What prospects ask", beside the leads inbox: the last 30 days of questions put to the chat
 * advisor, grouped by topic, those it declined or that visitors found not helpful first, each
 * with the reply it gave. Admins search them, export them as CSV and mark a topic covered once
 * new content answers it. This is the list the firm writes its next articles from.
 */
import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import { showToast } from '../../../stores/toast';
import { formatDateTime } from '../../../lib/format';
import {
  INSIGHT_DAYS,
  groupByTopic,
  questionsCsv,
  searchTopics,
  type AskedQuestion,
  type Topic,
} from '../../insights';
import { listQuestions, markCovered } from '../api';
import { downloadText } from './download';
import Panel from './Panel';

function TopicCard({
  topic,
  busy,
  onCovered,
}: {
  topic: Topic;
  busy: boolean;
  onCovered: () => void;
}) {
  const headingId = useId();
  const counts = [
    `${topic.questions.length} question${topic.questions.length === 1 ? '' : 's'}`,
    topic.declined && `${topic.declined} declined`,
    topic.notHelpful && `${topic.notHelpful} not helpful`,
    topic.helpful && `${topic.helpful} helpful`,
  ].filter(Boolean);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-navy-900">
          {topic.section ? (
            <a href={topic.section} className="underline">
              {topic.label}
            </a>
          ) : (
            topic.label
          )}
        </h4>
        <p className="text-sm text-slate-700">
          {counts.join(' · ')}
          {topic.covered && (
            <span className="badge ml-2 bg-emerald-50 text-emerald-900">Covered</span>
          )}
        </p>
      </div>
      <ul className="mt-3 grid gap-3 text-sm">
        {topic.questions.map((q: AskedQuestion) => (
          <li key={q.id} className="border-l-2 border-slate-200 pl-3">
            <p className="font-medium text-slate-900">“{q.question}”</p>
            <p className="text-slate-600">
              <time dateTime={q.askedAt}>{formatDateTime(q.askedAt)}</time>
              {q.declined && ' · declined'}
              {q.rating === 'not_helpful' && ' · rated not helpful'}
              {q.rating === 'helpful' && ' · rated helpful'}
            </p>
            {q.comment && <p className="text-slate-800">Comment: {q.comment}</p>}
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-700">The reply it was given</summary>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{q.reply}</p>
            </details>
          </li>
        ))}
      </ul>
      {!topic.covered && (
        <button type="button" className="btn-outline mt-3" disabled={busy} onClick={onCovered}>
          {busy ? 'Marking…' : 'Mark covered by new content'}
        </button>
      )}
    </article>
  );
}

export default function ProspectQuestions() {
  const [questions, setQuestions] = useState<AskedQuestion[] | null>(null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    listQuestions().then(setQuestions, () => {
      setQuestions([]);
      showToast({
        title: 'Error',
        description: 'Failed to fetch questions',
        variant: 'destructive',
      });
    });
  }, []);

  const topics = useMemo(
    () => searchTopics(groupByTopic(questions ?? []), query),
    [questions, query],
  );

  async function cover(topic: Topic) {
    setBusy(topic.key);
    try {
      const at = await markCovered(topic.questions.map((q) => q.id));
      const ids = new Set(topic.questions.map((q) => q.id));
      setQuestions((current) =>
        (current ?? []).map((q) => (ids.has(q.id) ? { ...q, coveredAt: at } : q)),
      );
    } catch {
      showToast({
        title: 'Error',
        description: 'Failed to mark the topic',
        variant: 'destructive',
      });
    }
    setBusy(null);
  }

  function submitSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(search);
  }

  const summary =
    questions === null
      ? 'Loading questions…'
      : questions.length === 0
        ? `No questions in the last ${INSIGHT_DAYS} days.`
        : `${topics.length} topic${topics.length === 1 ? '' : 's'}${query ? ` matching “${query}”` : ''} from ${questions.length} question${questions.length === 1 ? '' : 's'} in the last ${INSIGHT_DAYS} days`;

  return (
    <Panel
      title="What prospects ask"
      description={`The questions put to the chat advisor in the last ${INSIGHT_DAYS} days, by topic: those it declined or visitors rated not helpful come first. Mark a topic covered once new content answers it.`}
    >
      <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
        <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submitSearch}>
          <div>
            <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
              Search questions
            </label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder="A word from a question or reply"
              onChange={(e) => setSearch(e.target.value)}
              className="field mt-1 w-64 max-w-full"
            />
          </div>
          <button type="submit" className="btn-primary">
            Search
          </button>
        </form>
        <button
          type="button"
          className="btn-outline"
          disabled={topics.length === 0}
          onClick={() =>
            downloadText(
              questionsCsv(topics),
              `prospect-questions-${new Date().toISOString().slice(0, 10)}.csv`,
            )
          }
        >
          Export CSV
        </button>
      </div>
      <p role="status" className="mt-5 text-sm text-slate-600">
        {summary}
      </p>
      {topics.length > 0 && (
        <ol aria-label="Topics, those most in need of content first" className="mt-3 grid gap-4">
          {topics.map((topic) => (
            <li key={topic.key}>
              <TopicCard
                topic={topic}
                busy={busy === topic.key}
                onCovered={() => void cover(topic)}
              />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
