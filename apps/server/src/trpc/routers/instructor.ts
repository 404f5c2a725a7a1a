/** instructor.*: the instructor's home, over services/instructor. */
import { operations } from '@lectio/contracts/api';
import { instructorHome } from '../../services/instructor/instructor-home';
import { implement } from '../build-router';

export const instructorProcedures = implement(operations.instructor, {
  home: ({ ctx }) => instructorHome(ctx.services, ctx.actor),
});
