import type { FilterSuggestion } from '@fluxion/contract';
import { TextInput } from '@primer/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { completeLast, matchingSuggestions } from './suggestions.ts';
import styles from './SuggestInput.module.css';

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The board's names for this field, most used first; none while they load, or when there are none. */
  suggestions: readonly FilterSuggestion[];
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A text field holding a comma-separated list, with the board's names for its last entry as a listbox
 * (the ARIA combobox pattern): type to narrow them, ArrowUp/ArrowDown to move, Enter or a click to pick,
 * Escape to close. Typing stays free: a name the board does not have yet can still be filtered on.
 */
export function SuggestInput({ id, value, onChange, suggestions, invalid, describedBy }: Props) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? matchingSuggestions(value, suggestions) : [];
  const shown = options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (name: string) => {
    onChange(completeLast(value, name));
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const all = matchingSuggestions(value, suggestions);
      if (all.length === 0) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + all.length) % all.length);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      // A picked name, not the form's submit.
      event.preventDefault();
      pick((options[active] as FilterSuggestion).name);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={styles.suggest}>
      <TextInput
        id={id}
        size="small"
        value={value}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        validationStatus={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        // A pointer (a tap on a phone) opens the list; a keyboard user opens it by typing or ArrowDown.
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <div id={listId} role="listbox" className={styles.options} hidden={!shown}>
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the field (aria-activedescendant), as the combobox pattern has it
          <div
            key={option.name}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            className={styles.option}
            // Before the field's blur, which would close the list under the pointer.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option.name)}
          >
            <span>{option.name}</span>
            <span className={styles.count}>{option.items}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
