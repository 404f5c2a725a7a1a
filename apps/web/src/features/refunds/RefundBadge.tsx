/** A purchase's state as a small coloured label (text, never colour alone). */
import type { PurchaseState } from '@lectio/contracts/refunds';
import { Badge, type BadgeTone } from '~/components/ui/Badge';
import { PURCHASE_STATE_LABEL } from './refund-text';

const TONES: Record<PurchaseState, BadgeTone> = {
  paid: 'green',
  partially_refunded: 'amber',
  refunded: 'grey',
  disputed: 'red',
};

export function PurchaseStateBadge({ state }: { state: PurchaseState }) {
  return <Badge tone={TONES[state]}>{PURCHASE_STATE_LABEL[state]}</Badge>;
}
