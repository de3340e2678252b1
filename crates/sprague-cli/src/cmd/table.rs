pub fn run(_a: &crate::cli::TableArgs, _o: &mut dyn std::io::Write) -> anyhow::Result<()> {
    anyhow::bail!("not yet")
}
