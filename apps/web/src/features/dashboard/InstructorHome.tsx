import { PAGE_TEXT } from '@lectio/contracts/messages';

/** The instructor index is a placeholder in the spec too. */
export function InstructorHome() {
  return <p className="text-lg">{PAGE_TEXT.instructorHomePlaceholder}</p>;
}
