/**
 * Approve and Decline on something waiting for an admin's decision (a refund request, an application to
 * teach). Each button's accessible name says what it decides ("Approve Asha Rao"), since a list holds
 * many; the last failure shows above them.
 */
import { ErrorLine } from './ErrorLine';
import { actionClassName } from './ui-classes';

export interface DecisionAction {
  label: string;
  /** What the button decides, for its accessible name. */
  accessibleName: string;
  onPress: () => void;
}

function DecisionButton({
  action,
  tone,
  disabled,
}: {
  action: DecisionAction;
  tone: 'primary' | 'dangerOutline';
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      aria-label={action.accessibleName}
      onClick={action.onPress}
      className={actionClassName(tone, 'small')}
    >
      {action.label}
    </button>
  );
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
      <ErrorLine message={error} />
      <div className="flex flex-wrap gap-2">
        <DecisionButton action={approve} tone="primary" disabled={disabled} />
        <DecisionButton action={decline} tone="dangerOutline" disabled={disabled} />
      </div>
    </div>
  );
}
