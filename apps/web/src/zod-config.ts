import { config } from 'zod/v4/core';

// Imported first by main.tsx, before any schema is built: zod 4 decides per object schema, when it is
// built, whether to compile a fast parser with `new Function`, probing once with `Function("")`. The
// CSP (script-src 'self', no 'unsafe-eval') refuses that and the browser reports a violation even
// though zod catches the error. Jitless, zod never probes and parses the same way without eval.
// `config` from zod's core (the one global config `z.config` sets too), not `z`: importing `z`
// would bring all of zod into the sign-in page's first load, which builds no schema.
config({ jitless: true });
