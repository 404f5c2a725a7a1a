/**
 * Approve and Decline on something waiting for an admin's decision (a refund request, an application to
 * teach). Each button's accessible name says what it decides ("Approve Asha Rao"), since a list holds
 * many; the last failure shows above them.
 */
import { actionClassName, errorTextClassName } from './ui-classes';

export interface DecisionAction {
  label: string;
  /** What the button decides, for its accessible name. */
  accessibleName: string;
  onPress: () => void;
}

export function DecisionButtons({
  approve,
  decline,
  error,
  disabled = false,
}: {
  approve: DecisionAction;
  decline: DecisionAction;
  error: string | null;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-2">
      {error ? (
        <p role="alert" className={errorTextClassName}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={disabled}
          aria-label={approve.accessibleName}
          onClick={approve.onPress}
          className={actionClassName('primary', 'small')}
        >
          {approve.label}
        </button>
        <button
          type="button"
          disabled={disabled}
          aria-label={decline.accessibleName}
          onClick={decline.onPress}
          className={actionClassName('dangerOutline', 'small')}
        >
          {decline.label}
        </button>
      </div>
    </div>
  );
}
