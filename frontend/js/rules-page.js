// @ts-check
/** The rules pages: the language switch, and the board diagrams drawn from their FEN. */
import { setupLanguageSwitch } from "./i18n.js";
import { drawDiagrams } from "./diagram.js";

setupLanguageSwitch();
drawDiagrams(document);
