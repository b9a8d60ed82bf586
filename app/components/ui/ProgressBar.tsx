/**
 * A progress bar for screen readers and eyes: role="progressbar" with its value (0–100) and an
 * accessible name; the drawn track and the "40%" text are decoration of the same value.
 */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
      <div className="progress__track" aria-hidden="true">
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress__value" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
