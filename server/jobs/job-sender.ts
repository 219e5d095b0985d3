/** What a service needs of the job queue: to put a message on a queue. */
export interface JobSender {
  send(queue: string, data: object): Promise<string | null>;
}
