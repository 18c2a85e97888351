// The front desk's timeline (issue 28, item 3): a read-only feature module.
// Its one query reads what the screen draws; nothing imports past this file.
export { loadTimeline } from "./load-timeline";
