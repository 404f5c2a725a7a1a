/** The message line moved into the form kit; this path stays for the screens that still import it here. */
export { FormMessage } from '~/components/ui/form/FormMessage';
