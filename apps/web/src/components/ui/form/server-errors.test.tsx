import { loginRequestSchema } from '@lectio/contracts/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api';
import { schemaForm, useAppForm } from './form-kit';
import { applyServerErrors, refuseField } from './server-errors';

/** A form whose server refuses the input with one issue on a field and one on no field. */
function RefusedForm() {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(loginRequestSchema, {
      email: 'ada@example.com',
      password: 'secret-enough',
      remember: false,
    }),
    onSubmit: async ({ formApi }) => {
      const refused = new ApiError(400, 'Invalid request', 'VALIDATION_ERROR', [
        { path: 'email', message: 'That e-mail is taken' },
        { path: 'coupon', message: 'Coupon expired' },
      ]);
      setMessage(applyServerErrors(formApi, refused));
    },
  });
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="email">
          {(field) => <field.TextField id="f-email" label="Email" />}
        </form.AppField>
        <form.SubmitButton>Send</form.SubmitButton>
        <p role="status">{message}</p>
      </form.Form>
    </form.AppForm>
  );
}

/** A form whose e-mail the server refuses outside a submit (as the checkout's price preview refuses a code). */
function CheckedForm() {
  const form = useAppForm({
    ...schemaForm(loginRequestSchema, {
      email: 'ada@example.com',
      password: 'secret-enough',
      remember: false,
    }),
  });
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="email">
          {(field) => <field.TextField id="f-email" label="Email" />}
        </form.AppField>
        <button type="button" onClick={() => refuseField(form, 'email', 'Not on the guest list')}>
          Check
        </button>
      </form.Form>
    </form.AppForm>
  );
}

describe('applyServerErrors', () => {
  it("puts an issue on the field its path names, the rest in the form's message, and typing clears it", async () => {
    const user = userEvent.setup();
    render(<RefusedForm />);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('That e-mail is taken')).toHaveProperty('id', 'f-email-error');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('f-email-error');
    expect(screen.getByRole('status').textContent).toBe('Coupon expired');

    await user.type(email, 'm');
    expect(screen.queryByText('That e-mail is taken')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('refuseField', () => {
  it('shows the refusal on its field at once, before the field was left, and typing clears it', async () => {
    const user = userEvent.setup();
    render(<CheckedForm />);
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Not on the guest list')).toHaveProperty('id', 'f-email-error');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await user.type(email, 'm');
    expect(screen.queryByText('Not on the guest list')).toBeNull();
  });
});
