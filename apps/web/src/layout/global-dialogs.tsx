import { ContactDialog } from '../features/support/components/contact-dialog';

/** The global dialogs (001 §2) that sit over every page. */
export function GlobalDialogs() {
  return <ContactDialog />;
}
