// zod as every shared schema uses it. Its just-in-time mode builds object
// parsers with `new Function`, which the site's Content Security Policy
// refuses (and reports even when zod only probes for it), so it is off:
// parsing gives the same answers, a little slower, in the browser and the server.
import { z } from "zod";

z.config({ jitless: true });

export { z };
