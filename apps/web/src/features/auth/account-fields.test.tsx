import { signupRequestSchema } from '@lectio/contracts/auth';
import { changePasswordRequestSchema } from '@lectio/contracts/profile';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { ApiError } from '~/lib/api';
import {
  AccountPasswordField,
  NEW_ACCOUNT_DEFAULTS,
  NEW_ACCOUNT_FIELDS,
  NEW_PASSWORD_FIELDS,
  NewAccountFields,
  NewPasswordPair,
  PASSWORD_LABELS,
} from './account-fields';

/** The refusal both forms get: one issue on a field of the form, one on none. */
function refusal(path: string) {
  return new ApiError(400, 'Invalid request', 'VALIDATION_ERROR', [
    { path, message: 'Refused on its field' },
    { path: 'elsewhere', message: 'Refused on no field' },
  ]);
}

/** Sign-up's fields, refused by the server with an issue on the e-mail. */
function NewAccountForm() {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(signupRequestSchema, NEW_ACCOUNT_DEFAULTS),
    onSubmit: ({ formApi }) => setMessage(applyServerErrors(formApi, refusal('email'))),
  });
  return (
    <FormShell form={form} submit="Send" message={message}>
      <NewAccountFields form={form} fields={NEW_ACCOUNT_FIELDS} idPrefix="t" />
    </FormShell>
  );
}

/** The profile's password form: the current password bound to `currentPassword`, refused on it. */
function ChangePasswordForm() {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(changePasswordRequestSchema, { currentPassword: '', password: '', confirmPassword: '' }),
    onSubmit: ({ formApi }) => setMessage(applyServerErrors(formApi, refusal('currentPassword'))),
  });
  return (
    <FormShell form={form} submit="Send" message={message}>
      <AccountPasswordField
        form={form}
        fields={{ password: 'currentPassword' }}
        id="t-current"
        label="Current"
      />
      <NewPasswordPair form={form} fields={NEW_PASSWORD_FIELDS} idPrefix="t" labels={PASSWORD_LABELS} />
    </FormShell>
  );
}

const input = (label: string) => screen.getByLabelText(label);

describe('account fields', () => {
  it('render the labelled inputs with their ids, types and autocomplete', () => {
    render(<NewAccountForm />);
    expect(input('Name')).toMatchObject({ id: 't-name', type: 'text', autocomplete: 'name' });
    expect(input('Email')).toMatchObject({ id: 't-email', type: 'email', autocomplete: 'email' });
    expect(input('Password')).toMatchObject({
      id: 't-password',
      type: 'password',
      autocomplete: 'new-password',
    });
    expect(input('Confirm Password')).toMatchObject({
      id: 't-confirm-password',
      type: 'password',
      autocomplete: 'new-password',
    });
  });

  it("bind the form's fields: the schema's messages, the server's issues and the form's message line", async () => {
    const user = userEvent.setup();
    render(<NewAccountForm />);
    await user.type(input('Name'), 'Ada');
    await user.type(input('Email'), 'ada@');
    await user.type(input('Password'), 'secret1');
    await user.type(input('Confirm Password'), 'secret2');
    await user.tab();
    expect(screen.getByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();

    await user.type(input('Email'), 'example.com');
    await user.clear(input('Confirm Password'));
    await user.type(input('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Refused on its field')).toHaveProperty('id', 't-email-error');
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Refused on no field');
  });

  it('a current password is current-password, and takes the issue of the field it is bound to', async () => {
    const user = userEvent.setup();
    render(<ChangePasswordForm />);
    expect(input('Current')).toMatchObject({ id: 't-current', autocomplete: 'current-password' });
    await user.type(input('Current'), 'old-secret');
    await user.type(input('Password'), 'new-secret');
    await user.type(input('Confirm Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Refused on its field')).toHaveProperty('id', 't-current-error');
    expect(input('Current').getAttribute('aria-describedby')).toBe('t-current-error');
  });
});
