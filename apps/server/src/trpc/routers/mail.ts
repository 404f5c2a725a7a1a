/** mail.*: the admin's list of sent e-mail and the development outbox (services/mail). */
import { operations } from '@lectio/contracts/api';
import { listMail, outboxMessage } from '../../services/mail/list-mail';
import { implement } from '../build-router';

export const mailProcedures = implement(operations.mail, {
  async list({ ctx, input }) {
    return listMail(ctx.services, input);
  },
  async outboxMessage({ ctx, input }) {
    return { message: await outboxMessage(ctx.services, ctx.actor, input.id) };
  },
});
