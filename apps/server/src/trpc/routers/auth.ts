import { meResponseSchema } from '@lectio/contracts/auth';
import { currentUser } from '../../services/auth/auth-service';
import { authedProcedure, router } from '../init';

export const authRouter = router({
  me: authedProcedure.output(meResponseSchema).query(async ({ ctx }) => ({
    user: await currentUser(ctx.services, ctx.actor),
  })),
});
