import { Spinner } from '../../components/spinner';

/** Placeholder until the [F4] screen lands. */
export function InvitePaymentRoute() {
  return <Spinner />;
}
