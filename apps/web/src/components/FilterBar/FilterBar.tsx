import { ChevronDownIcon, ChevronRightIcon, FilterIcon } from '@primer/octicons-react';
import { Button, Checkbox, Select, TextInput } from '@primer/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { filterSummary } from '../../lib/filterSummary.ts';
import { type ItemFilterState, isFiltered, namesAndNone, splitList, valuesOf } from '../../lib/itemFilter.ts';
import { useProjects } from '../../projects/context.ts';
import { useBoardIterations } from '../../projects/useBoardIterations.ts';
import styles from './FilterBar.module.css';
import { SuggestInput } from './SuggestInput.tsx';
import { type SuggestedField, useFilterSuggestions } from './useFilterSuggestions.ts';

const TEXTS = {
  label: 'Labels (any of)',
  notLabel: 'Without labels',
  milestone: 'Milestone',
  type: 'Type',
  anyType: 'Any type',
  types: { issue: 'Issues', pull_request: 'Pull requests', draft: 'Drafts' },
  repo: 'Repository',
  issueType: 'Issue type',
  fieldValue: 'Breakdown field',
  noType: 'No type',
  noValue: (field: string) => `No ${field}`,
  assignee: 'Assignee',
  // The range keeps the items that were on the board during it (docs/metrics.md §13), not those finished in it.
  from: 'On the board from',
  to: 'Until',
  iteration: 'Iteration',
  anyIteration: 'Any iteration',
  currentIteration: 'Current iteration',
  previousIteration: 'Previous iteration',
  reversed: "'Until' is before 'On the board from': choose an end date on or after the start date.",
  apply: 'Apply filter',
  clear: 'Clear',
  on: 'Filter on: the figures count only the matching items.',
  toggle: (on: number) => (on > 0 ? `Filters (${on})` : 'Filters'),
};

type Texts = Record<
  'label' | 'not_label' | 'milestone' | 'issue_type' | 'field_value' | 'repo' | 'assignee' | 'from' | 'to',
  string
>;

const toTexts = (filter: ItemFilterState): Texts => ({
  label: filter.label.join(', '),
  not_label: filter.not_label.join(', '),
  milestone: filter.milestone.join(', '),
  issue_type: namesAndNone(filter.issue_type).names.join(', '),
  field_value: namesAndNone(filter.field_value).names.join(', '),
  repo: filter.repo.join(', '),
  assignee: filter.assignee.join(', '),
  from: filter.from,
  to: filter.to,
});

const EMPTY: ItemFilterState = {
  label: [],
  not_label: [],
  milestone: [],
  type: [],
  issue_type: [],
  field_value: [],
  repo: [],
  assignee: [],
  from: '',
  to: '',
  iteration: '',
};

type BarProps = { filter: ItemFilterState; onChange: (f: ItemFilterState) => void };

/** The board's breakdown field while GitHub has it (its values are a filter of every analysis); null: none. */
function useBreakdownFieldName(): string | null {
  const field = useProjects().selected?.breakdown_field;
  return field && !field.gone ? field.name : null;
}

/**
 * Label, milestone, type, repository, assignee and date range for every figure of the page (docs/metrics.md
 * §13). On a phone the fields fold behind a "Filters (n)" disclosure button, which the CSS shows only there.
 */
export function FilterBar({ filter, onChange }: BarProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const on = filterSummary(filter, useBreakdownFieldName()).length;
  // Applying folds the fields on a phone so the figures show; focus goes back to the button that opens them.
  const applied = (next: ItemFilterState) => {
    onChange(next);
    if (!open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className={styles.filters}>
      <div className={styles.toggle}>
        <Button
          ref={toggle}
          size="small"
          leadingVisual={FilterIcon}
          trailingVisual={open ? ChevronDownIcon : ChevronRightIcon}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {TEXTS.toggle(on)}
        </Button>
      </div>
      <FilterForm id={id} open={open} filter={filter} onChange={applied} />
    </div>
  );
}

const noneOf = (filter: ItemFilterState) => ({
  issue_type: namesAndNone(filter.issue_type).none,
  field_value: namesAndNone(filter.field_value).none,
});

/** A range whose end comes before its start (YYYY-MM-DD compares as text): refused before the server is asked. */
const reversed = (from: string, to: string) => from !== '' && to !== '' && to < from;

function FilterForm({ id, open, filter, onChange }: BarProps & { id: string; open: boolean }) {
  const [texts, setTexts] = useState<Texts>(() => toTexts(filter));
  // Shown once applied (or when the address holds such a range), until the dates are changed.
  const [rangeRefused, setRangeRefused] = useState(() => reversed(filter.from, filter.to));
  const rangeId = `${id}-range`;
  const [type, setType] = useState(filter.type[0] ?? '');
  const suggestionsFor = useFilterSuggestions();
  const fieldName = useBreakdownFieldName();
  const [iteration, setIteration] = useState(filter.iteration);
  // "No type" / "No Priority": the items without one (the API's `~none`), beside any names typed.
  const [none, setNone] = useState(() => noneOf(filter));
  const address = JSON.stringify(filter);
  // The address is the truth: going back or forward shows its filter.
  useEffect(() => {
    const current = JSON.parse(address) as ItemFilterState;
    setTexts(toTexts(current));
    setType(current.type[0] ?? '');
    setIteration(current.iteration);
    setNone(noneOf(current));
    setRangeRefused(reversed(current.from, current.to));
  }, [address]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (reversed(texts.from, texts.to)) {
      setRangeRefused(true);
      document.getElementById('filter-to')?.focus();
      return;
    }
    onChange({
      label: splitList(texts.label),
      not_label: splitList(texts.not_label),
      milestone: splitList(texts.milestone),
      type: type ? [type as ItemFilterState['type'][number]] : [],
      issue_type: valuesOf(splitList(texts.issue_type), none.issue_type),
      field_value: valuesOf(splitList(texts.field_value), none.field_value),
      repo: splitList(texts.repo),
      assignee: splitList(texts.assignee),
      from: texts.from,
      to: texts.to,
      iteration,
    });
  };
  const field = (name: keyof Texts, label: string, inputType = 'text', noneLabel?: string) => {
    const date = name === 'from' || name === 'to';
    const invalid = date && rangeRefused;
    const noneBox = noneLabel && (name === 'issue_type' || name === 'field_value') && (
      <div className={styles.none}>
        <Checkbox
          id={`filter-${name}-none`}
          checked={none[name]}
          onChange={(e) => setNone({ ...none, [name]: e.target.checked })}
        />
        <label htmlFor={`filter-${name}-none`}>{noneLabel}</label>
      </div>
    );
    return (
      <div className={styles.field}>
        {/* "No Priority" beside the field's name: under the field, its open list of names covered it. */}
        <div className={styles.head}>
          <label htmlFor={`filter-${name}`}>{label}</label>
          {noneBox}
        </div>
        {date ? (
          <TextInput
            id={`filter-${name}`}
            type={inputType}
            size="small"
            value={texts[name]}
            validationStatus={invalid ? 'error' : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? rangeId : undefined}
            onChange={(e) => {
              setTexts({ ...texts, [name]: e.target.value });
              setRangeRefused(false);
            }}
          />
        ) : (
          // Labels, milestones, repositories and assignees: the board's own names, picked instead of typed blind.
          <SuggestInput
            id={`filter-${name}`}
            value={texts[name]}
            suggestions={suggestionsFor(name as SuggestedField)}
            onChange={(value) => setTexts({ ...texts, [name]: value })}
          />
        )}
      </div>
    );
  };
  return (
    <form
      id={id}
      className={styles.bar}
      data-open={open || undefined}
      onSubmit={apply}
      aria-label="Item filter"
      data-testid="filter-bar"
    >
      {field('label', TEXTS.label)}
      {field('not_label', TEXTS.notLabel)}
      {field('milestone', TEXTS.milestone)}
      <div className={styles.field}>
        <label htmlFor="filter-type">{TEXTS.type}</label>
        <Select id="filter-type" size="small" value={type} onChange={(e) => setType(e.target.value)}>
          <Select.Option value="">{TEXTS.anyType}</Select.Option>
          {Object.entries(TEXTS.types).map(([value, name]) => (
            <Select.Option key={value} value={value}>
              {name}
            </Select.Option>
          ))}
        </Select>
      </div>
      {field('issue_type', TEXTS.issueType, 'text', TEXTS.noType)}
      {(fieldName || texts.field_value || none.field_value) &&
        field('field_value', fieldName ?? TEXTS.fieldValue, 'text', TEXTS.noValue(fieldName ?? 'value'))}
      {field('repo', TEXTS.repo)}
      {field('assignee', TEXTS.assignee)}
      <IterationField value={iteration} onChange={setIteration} />
      {field('from', TEXTS.from, 'date')}
      {field('to', TEXTS.to, 'date')}
      <div className={styles.actions}>
        {rangeRefused && (
          <p id={rangeId} className={styles.rangeError} role="alert">
            {TEXTS.reversed}
          </p>
        )}
        <Button type="submit" size="small" variant="primary">
          {TEXTS.apply}
        </Button>
        {isFiltered(filter) && (
          <>
            <Button type="button" size="small" onClick={() => onChange(EMPTY)}>
              {TEXTS.clear}
            </Button>
            <span className={styles.on} data-testid="filter-on">
              {TEXTS.on}
            </span>
          </>
        )}
      </div>
    </form>
  );
}

/**
 * The board's iterations (its Iteration field's, by title), the current one and the one before; nothing
 * on a board without an Iteration field, unless the address already names an iteration.
 */
function IterationField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { selected } = useProjects();
  const { iterations, iterationField } = useBoardIterations(selected?.project_id ?? null);
  if (iterationField === null && value === '') return null;
  const named = iterations.map((i) => i.title);
  return (
    <div className={styles.field}>
      <label htmlFor="filter-iteration">{iterationField ?? TEXTS.iteration}</label>
      <Select id="filter-iteration" size="small" value={value} onChange={(e) => onChange(e.target.value)}>
        <Select.Option value="">{TEXTS.anyIteration}</Select.Option>
        <Select.Option value="current">{TEXTS.currentIteration}</Select.Option>
        <Select.Option value="previous">{TEXTS.previousIteration}</Select.Option>
        {[...named].reverse().map((title) => (
          <Select.Option key={title} value={title}>
            {title}
          </Select.Option>
        ))}
        {value !== '' && value !== 'current' && value !== 'previous' && !named.includes(value) && (
          <Select.Option value={value}>{value}</Select.Option>
        )}
      </Select>
    </div>
  );
}
