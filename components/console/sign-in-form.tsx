'use client';
// The sign-in form: the API key, checked by the same schema as POST /console/session; a key the service
// refuses is said on the field, which takes the focus back.
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { consoleApi, isProblem, problemMessage } from '@/lib/console/api';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { ConsoleSessionBody } from '@/lib/console/schemas';
import { TextField } from '@/components/wizard/form/text-field';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton } from '@/components/wizard/styles';
import { Notice } from '@/components/console/ui';

const REFUSED = 'This key does not open a workspace. Check that you copied all of it, and that it was not revoked.';

export function SignInForm() {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ConsoleSessionBody>({
    resolver: zodResolver(ConsoleSessionBody),
    defaultValues: { api_key: '' },
  });

  async function signIn(body: ConsoleSessionBody) {
    try {
      await consoleApi('POST', '/console/session', body);
      router.replace(CONSOLE_PATHS.home);
      router.refresh();
    } catch (error) {
      const refused = isProblem(error, 'unauthorized') || isProblem(error, 'validation_failed');
      setError(refused ? 'api_key' : 'root', { message: refused ? REFUSED : problemMessage(error) });
      if (refused) setFocus('api_key');
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(signIn)}
      className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <TextField
        label="Workspace API key"
        hint="It starts with sk_test_ (sandbox) or sk_live_ (live)."
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={errors.api_key?.message}
        {...register('api_key')}
      />
      <Notice tone="error">{errors.root?.message}</Notice>
      <button type="submit" className={`${primaryButton} w-full`} disabled={isSubmitting}>
        {isSubmitting && <Spinner />} Sign in
      </button>
    </form>
  );
}
