import { createFileRoute } from '@tanstack/react-router';
import { SignUpForm } from '~/features/auth/SignUpForm';

export const Route = createFileRoute('/_entry/signup')({
  component: SignUpForm,
});
