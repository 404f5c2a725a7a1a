/**
 * sendForm and InlineForm together, as the short forms use them: a click on the submit button shows what
 * is missing beside the field and sends nothing; a refusal puts its field issue on the field and the rest
 * on the message line (and tells `onRefused`); an answer comes back; Cancel is there only when asked for.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '~/lib/api';
import { schemaForm, useAppForm } from './form-kit';
import { InlineForm } from './InlineForm';
import { sendForm } from './send-form';

const schema = z.object({ reason: z.string().trim().min(1, 'Give a reason') });

function ReasonForm({
  send,
  onRefused,
  onCancel,
  onAnswer,
}: {
  send: (reason: string) => Promise<{ message: string }>;
  onRefused?: (failure: unknown, message: string | null) => unknown;
  onCancel?: () => void;
  onAnswer: (answer: { message: string }) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(schema, { reason: '' }),
    onSubmit: async ({ value, formApi }) => {
      const answer = await sendForm(formApi, setMessage, () => send(value.reason), onRefused);
      if (answer) onAnswer(answer);
    },
  });
  return (
    <InlineForm form={form} submit="Send" cancel="Cancel" onCancel={onCancel} message={message}>
      <form.AppField name="reason">
        {(field) => <field.TextAreaField id="t-reason" label="Reason" />}
      </form.AppField>
    </InlineForm>
  );
}

describe('sendForm in an InlineForm', () => {
  it('shows a missing field beside it on a click and sends nothing', async () => {
    const send = vi.fn();
    render(<ReasonForm send={send} onAnswer={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const reason = screen.getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Give a reason'));
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('routes a refusal to the field and the message line, then clears the line on the next send', async () => {
    const refused = new ApiError(409, 'Already decided', 'CONFLICT', [
      { path: 'reason', message: 'Too vague' },
      { path: 'elsewhere', message: 'Decided by someone else' },
    ]);
    const send = vi.fn().mockRejectedValueOnce(refused).mockResolvedValue({ message: 'Done' });
    const onRefused = vi.fn();
    const onAnswer = vi.fn();
    const onCancel = vi.fn();
    render(<ReasonForm send={send} onRefused={onRefused} onCancel={onCancel} onAnswer={onAnswer} />);
    const reason = screen.getByLabelText('Reason');
    await userEvent.type(reason, 'Because');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Decided by someone else'));
    expect(reason).toHaveAccessibleDescription('Too vague');
    expect(onRefused).toHaveBeenCalledWith(refused, 'Decided by someone else');
    expect(onAnswer).not.toHaveBeenCalled();

    await userEvent.type(reason, ' it is');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ message: 'Done' }));
    expect(send).toHaveBeenLastCalledWith('Because it is');
    expect(screen.getByRole('alert').textContent).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
