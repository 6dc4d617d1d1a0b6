// @ts-check
/** The words of the "My data" page (download, rename, erase), in French and English. */
import { addWords } from "./i18n.js";

addWords({
  fr: {
    dataFetching: "Préparation du fichier… page {n}",
    dataReady: "Fichier téléchargé : {file}",
    dataFailed: "Le téléchargement n'a pas abouti : réessayez.",
    dataTooMany: "Trop de téléchargements aujourd'hui pour ce pseudonyme : réessayez demain.",
    renameDone: "Vous jouez désormais sous le nom {name}.",
    renameLater: "Vous jouez désormais sous le nom {name} ; les plus anciens classements suivront d'ici demain.",
    "renameTooSoon:one": "Le prochain changement de pseudonyme sera possible dans {n} jour.",
    "renameTooSoon:other": "Le prochain changement de pseudonyme sera possible dans {n} jours.",
    renameNetwork: "Trop de pseudonymes créés depuis ce réseau aujourd'hui : réessayez demain.",
    renameFailed: "Le changement n'a pas abouti : rien n'a changé, réessayez.",
    erasing: "Effacement en cours…",
    erased: "Tout est effacé. Ce navigateur n'a plus de pseudonyme.",
    eraseFailed: "L'effacement n'a pas pu finir : réessayez, il reprendra où il s'est arrêté (sinon il sera terminé cette nuit).",
    notYours: "Ce navigateur ne détient plus la clé de ce pseudonyme (il a été transféré ou effacé).",
  },
  en: {
    dataFetching: "Preparing the file… page {n}",
    dataReady: "File downloaded: {file}",
    dataFailed: "The download did not finish: try again.",
    dataTooMany: "Too many downloads today for this pseudonym: try again tomorrow.",
    renameDone: "You now play as {name}.",
    renameLater: "You now play as {name}; the oldest leaderboards will follow by tomorrow.",
    "renameTooSoon:one": "The next pseudonym change is possible in {n} day.",
    "renameTooSoon:other": "The next pseudonym change is possible in {n} days.",
    renameNetwork: "Too many pseudonyms were created from this network today: try again tomorrow.",
    renameFailed: "The change did not go through: nothing changed, try again.",
    erasing: "Erasing…",
    erased: "Everything is erased. This browser no longer has a pseudonym.",
    eraseFailed: "The erasure could not finish: try again, it resumes where it stopped (or it is finished tonight).",
    notYours: "This browser no longer holds the key of this pseudonym (it was moved or erased).",
  },
});
