import { type MessageKey, usernameProblem } from '@coparent/domain';
import { useState } from 'react';
import { useCheckUsername } from './check-username';

type UsernameCheck = { username: string; problem: MessageKey | null };

/**
 * The server's username check, asked when the field is left: 'Does not meet
 * requirements…' or 'This username cannot be used'. `problem` is the answer for the username
 * typed now, so it disappears as soon as the person changes it. Used by both credentials forms.
 */
export function useUsernameCheck(token: string | undefined, username: string) {
  const checkUsername = useCheckUsername();
  const [check, setCheck] = useState<UsernameCheck | null>(null);
  const problem = check && check.username === username.trim() ? check.problem : null;

  const checkOnServer = async () => {
    const value = username.trim();
    // The domain's rules speak first, beside the field; only a username that passes them is sent.
    // Without the tab's token (a page that posts the form) the server checks it on the post.
    if (!token || usernameProblem(value) !== null) return;
    try {
      const answer = await checkUsername.mutateAsync({ token, username: value });
      const answerProblem: MessageKey | null = !answer.meetsRequirements
        ? 'validUsernameRequirement_error'
        : !answer.available
          ? 'validUsernameUnavailable_error'
          : null;
      setCheck({ username: value, problem: answerProblem });
    } catch {
      // The check is a courtesy: the server checks again when the form is sent.
      setCheck(null);
    }
  };

  return { problem, checkOnServer, forget: () => setCheck(null) };
}
