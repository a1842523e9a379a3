import { useId } from 'react';
import classes from './segmented-choice.module.css';

type SegmentedChoiceProps<T extends string> = {
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
  size?: 'xs' | 'sm' | 'md';
  isRound?: boolean;
  /** Each segment takes an equal share of the row's full width. */
  isFullWidth?: boolean;
  isDisabled?: boolean;
  className?: string;
} & ({ 'aria-label': string } | { 'aria-labelledby': string });

/**
 * One of a few options as a row of segments: native radio buttons (one tab stop, arrow keys) styled by CSS
 * alone. Mantine's SegmentedControl measures its sliding indicator when it mounts and when it resizes, a
 * forced layout in the first paint of the public pages that show one (pricing, quick start).
 */
export function SegmentedChoice<T extends string>({
  value,
  onChange,
  data,
  size = 'sm',
  isRound = false,
  isFullWidth = false,
  isDisabled = false,
  className,
  ...labelling
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      {...labelling}
      aria-disabled={isDisabled || undefined}
      className={className ? `${classes.root} ${className}` : classes.root}
      data-size={size}
      data-round={isRound || undefined}
      data-full-width={isFullWidth || undefined}
    >
      {data.map((item) => (
        <label key={item.value} className={classes.segment}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={item.value}
            checked={item.value === value}
            disabled={isDisabled}
            onChange={() => onChange(item.value)}
          />
          <span className={classes.label}>{item.label}</span>
        </label>
      ))}
    </div>
  );
}
