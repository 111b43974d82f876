import { fireEvent, screen } from '@testing-library/react';

/** Types `value` into the field labelled `label` at once (one change event, as a paste makes). */
export const typeIn = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
