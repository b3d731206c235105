import { ChevronDownIcon, ChevronRightIcon, QuestionIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useId, useState } from 'react';
import { T } from '../texts.ts';
import styles from './Analysis.module.css';

/** 'How to interpret the data?' with the page's explanation. */
export function HelpToggle({ paragraphs }: { paragraphs: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.help}>
      <Button
        variant="invisible"
        leadingVisual={QuestionIcon}
        trailingVisual={open ? ChevronDownIcon : ChevronRightIcon}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {T.common.help}
      </Button>
      {open && (
        <div id={id} className={styles.helpBody}>
          {paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
    </div>
  );
}
