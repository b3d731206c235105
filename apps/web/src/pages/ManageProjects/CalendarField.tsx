import { Checkbox, CheckboxGroup, FormControl, Select, Textarea } from '@primer/react';
import { T } from '../../texts.ts';
import { type CalendarChoice, DEFAULT_WEEKEND, parseHolidays, timeZoneOptions } from './calendarForm.ts';
import styles from './ManageProjects.module.css';

type Props = { choice: CalendarChoice; onChange: (choice: CalendarChoice) => void };

/** Monday first, as most teams read a week; values stay 0 = Sunday … 6 = Saturday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The board's time zone, weekend days and holidays (docs/metrics.md §12). */
export function CalendarField({ choice, onChange }: Props) {
  const t = T.projects.calendar;
  const excluded = choice.weekends.length > 0;
  const parsed = parseHolidays(choice.holidaysText);
  const toggleDay = (day: number, on: boolean) =>
    onChange({
      ...choice,
      weekends: on ? [...choice.weekends, day] : choice.weekends.filter((d) => d !== day),
    });
  return (
    <fieldset className={`${styles.classification} ${styles.calendar}`}>
      <legend className={styles.fieldLabel}>{t.label}</legend>
      <p className={styles.muted}>{t.meaning}</p>
      <FormControl>
        <FormControl.Label>{t.timeZone}</FormControl.Label>
        <Select
          value={choice.timeZone}
          onChange={(e) => onChange({ ...choice, timeZone: e.target.value })}
          block
        >
          {timeZoneOptions(choice.timeZone).map((zone) => (
            <Select.Option key={zone} value={zone}>
              {zone}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <Checkbox
          checked={excluded}
          onChange={(e) => onChange({ ...choice, weekends: e.target.checked ? DEFAULT_WEEKEND : [] })}
        />
        <FormControl.Label>{t.excludeWeekends}</FormControl.Label>
      </FormControl>
      {excluded && (
        <CheckboxGroup>
          <CheckboxGroup.Label>{t.weekendDays}</CheckboxGroup.Label>
          {WEEK.map((day) => (
            <FormControl key={day}>
              <Checkbox
                checked={choice.weekends.includes(day)}
                onChange={(e) => toggleDay(day, e.target.checked)}
              />
              <FormControl.Label>{t.dayNames[day]}</FormControl.Label>
            </FormControl>
          ))}
          {choice.weekends.length >= 7 && (
            <CheckboxGroup.Validation variant="error">{t.allWeekend}</CheckboxGroup.Validation>
          )}
        </CheckboxGroup>
      )}
      <FormControl>
        <FormControl.Label>{t.holidays}</FormControl.Label>
        <Textarea
          value={choice.holidaysText}
          onChange={(e) => onChange({ ...choice, holidaysText: e.target.value })}
          placeholder={'2026-12-25\n2026-12-26'}
          rows={4}
          block
        />
        {'badLine' in parsed && (
          <FormControl.Validation variant="error">{t.badHoliday(parsed.badLine)}</FormControl.Validation>
        )}
      </FormControl>
    </fieldset>
  );
}
