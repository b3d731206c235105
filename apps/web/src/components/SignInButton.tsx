import { MarkGithubIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useAuth } from '../auth/context.ts';

export function SignInButton({ label }: { label: string }) {
  const { login } = useAuth();
  return (
    <Button variant="primary" size="large" block leadingVisual={MarkGithubIcon} onClick={login}>
      {label}
    </Button>
  );
}
