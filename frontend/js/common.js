// @ts-check
/** Pages without their own script only need the language switch. */
import { setupLanguageSwitch } from "./i18n.js";

setupLanguageSwitch();
