import { meResponseSchema } from '@lectio/contracts/auth';
import { currentUser } from '../../services/auth/auth-service';
import { authedProcedure, contractOutput, router } from '../init';

export const authRouter = router({
  me: authedProcedure.output(contractOutput(meResponseSchema)).query(async ({ ctx }) => ({
    user: await currentUser(ctx.services, ctx.actor),
  })),
});
