/**
 * The registration form's rules, loaded when the form is first touched (or submitted) rather than
 * with the page: they bring zod, whose code and schema building were most of the register page's
 * main-thread work on a phone before anyone typed.
 */
export { ZRegisterForm } from '@agentroom/shared';
