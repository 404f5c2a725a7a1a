/** A coloured badge per role (the tones keep at least 4.5:1 contrast in both themes; the text is the role). */
import type { Role } from '@lectio/contracts/permissions';
import { Badge, type BadgeTone } from '~/components/ui/Badge';

const ROLE_TONES: Record<Role, BadgeTone> = {
  admin: 'rose',
  instructor: 'indigo',
  student: 'green',
  moderator: 'amber',
  guest: 'grey',
  parent: 'teal',
  support_staff: 'violet',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONES[role]}>{role}</Badge>;
}
